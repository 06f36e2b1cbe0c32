// Bounds on shortlist data: a shortlist is a short list (50 offers), and every piece of user
// text has a ceiling so one request cannot store a novel.
export const MAX_SHORTLIST_ITEMS = 50;
export const MAX_OFFERS_PER_ADD = 20;
export const NAME_MAX = 120;
export const TEXT_MAX = 2000;
