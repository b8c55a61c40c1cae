/**
 * A review of a completed order: a whole number of stars and an optional text. Defined once:
 * the API's request schema, the order page's action and its star buttons all read these.
 */
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];
export const MIN_RATING: Rating = RATINGS[0];
export const MAX_RATING: Rating = RATINGS[RATINGS.length - 1] as Rating;

/** Longest review text; the form's textarea stops there too. */
export const REVIEW_TEXT_MAX_LENGTH = 2000;
