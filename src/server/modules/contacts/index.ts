/** The contact book's face to other modules: its routes, and adding a person someone met. */
export { contactRoutes } from './routes';
export { type MetPerson, upsertMetPerson } from './service';
