/** GET /api/brokerages/my lives in the shared lib: other features ask it too. */
export { useMyBrokerage } from '../../../lib/use-my-brokerage';
