/**
 * The regulator's registers: what other modules may use. Cards and brokerages ask for a check
 * when they are saved and read the last verdict for their badges.
 */
export { licenceCheckOf, verifiedOrnCheck, verifyAllCards, verifyBrokerages } from './verify';
