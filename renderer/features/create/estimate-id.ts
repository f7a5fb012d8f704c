/** The element beside Generate that says what the press will cost; the button points at it (aria-describedby). */
export const GENERATE_ESTIMATE_ID = 'generate-estimate';
