/** Query keys of the team feature: team leads and seats of one brokerage. */
export const teamLeadsKey = (brokerageId: string) => [`/api/brokerages/${brokerageId}/leads`] as const;
export const leadNotesKey = (brokerageId: string, leadId: string) =>
  [`/api/brokerages/${brokerageId}/leads/${leadId}/notes`] as const;
export const seatsKey = (brokerageId: string) => [`/api/brokerages/${brokerageId}/seats`] as const;
export const teamLeadsCsvUrl = (brokerageId: string, query: string) =>
  `/api/brokerages/${brokerageId}/leads.csv${query}`;
