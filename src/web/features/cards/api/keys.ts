/** Query keys of the cards feature (the key segments joined by slashes are the GET path). */
export const MY_CARDS_KEY = ['/api/business-cards/my'] as const;
export const cardKey = (id: string) => ['/api/business-cards', id] as const;
