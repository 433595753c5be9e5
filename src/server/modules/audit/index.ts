/** The audit module's public face: all that other code may import from it. */
export { writeAudit } from './log';
