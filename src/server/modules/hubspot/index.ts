/** HubSpot: the public face of the module (routes, the sync worker, the outbox hook). */
export { hubspotConnectionsFor, HUBSPOT_EVENTS } from './outbox';
export { hubspotRoutes, hubspotSettingsOf, hubspotWorkerOf } from './routes';
export { connect, connectionOf, disconnect, listSyncs, statusOf, testConnection, type HubspotOwner } from './service';
export { defaultHubspotWorkerOptions, HubspotWorker, syncItemOf } from './worker';
