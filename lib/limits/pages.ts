// How much of a long list a catalog page renders in its first view. Provider and GPU pages list
// the cheapest offers and link to the matrix for the rest: every row is HTML, RSC payload and
// hydration work on a phone, and the matrix filters and pages the whole list.
export const OFFERS_SHOWN_ON_PAGES = 25;
