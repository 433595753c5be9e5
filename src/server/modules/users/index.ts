/** The users module's public face: all that other code may import from it. */
export { findUserByEmail, findUserById, findUsersByIds, toPublicUser } from './service';
