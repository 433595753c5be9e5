/**
 * The maximum query length the smart search reads; longer input is cut. Its own module so the
 * landing page's search box gets the number without the parser or zod.
 */
export const SEARCH_QUERY_MAX = 200;
