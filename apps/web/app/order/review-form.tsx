import { RATINGS, REVIEW_TEXT_MAX_LENGTH } from "@obmen/domain";
import { Form } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";

/** Rating 1–5 and an optional text, once the order allows a review (`can_review`). */
export function ReviewForm({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="order__card review" aria-labelledby="review-heading">
      <h2 id="review-heading">{t("Order.ReviewHeading")}</h2>
      <fieldset className="stars" aria-describedby={error ? "review-error" : undefined}>
        <legend className="field__label">{t("Order.Rating")}</legend>
        {RATINGS.map((rating) => (
          <label key={rating} className="stars__option">
            <input type="radio" name="rating" value={rating} className="visually-hidden" required />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t("Order.Stars", { count: rating })}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="review-error" className="field__error">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="review-text" className="field__label">
          {t("Order.ReviewText")}
        </label>
        <textarea
          id="review-text"
          name="text"
          rows={3}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          className="field__input"
        />
      </div>
      <button type="submit" name="intent" value="review" className="button">
        {t("Order.ReviewSubmit")}
      </button>
    </Form>
  );
}
