import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { showSnack } from '../../../lib/layout/snacks';
import { rateChallenge } from '../api/challenges-api';
import { invalidateChallenges } from '../hooks/challenge-queries';

/** SPEC §2's rate-challenge window: 1 to 5 stars, once, after the last round. */
export function RateChallengeWindow({ challengeId, onClose }: { challengeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const name = useId();
  const [rating, setRating] = useState<number | null>(null);
  const rate = useMutation({
    mutationFn: (stars: number) => rateChallenge(challengeId, stars),
    onSuccess: () => {
      void invalidateChallenges(queryClient);
      showSnack({ message: t('challenges.rate.thanks'), durationMs: 5_000 });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating !== null) rate.mutate(rating);
  };
  return (
    <ModalWindow title={t('challenges.rate.title')} onClose={onClose} testId="rate-challenge-window">
      <form className="form" onSubmit={submit}>
        <p className="muted">{t('challenges.rate.intro')}</p>
        <fieldset className="rating-stars">
          <legend className="visually-hidden">{t('challenges.rate.title')}</legend>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className={`rating-stars__star ${rating !== null && stars <= rating ? 'rating-stars__star--on' : ''}`}>
              <input type="radio" name={name} value={stars} checked={rating === stars} onChange={() => setRating(stars)} className="visually-hidden" data-testid={`rate-${stars}`} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('challenges.rate.stars', { count: stars })}</span>
            </label>
          ))}
        </fieldset>
        {rate.isError && <ErrorMessage>{errorMessage(rate.error)}</ErrorMessage>}
        <div className="button-row">
          <button type="button" className="button" onClick={onClose}>
            {t('challenges.rate.later')}
          </button>
          <button type="submit" className="button button--primary" disabled={rating === null || rate.isPending} aria-busy={rate.isPending || undefined} data-testid="submit-rating">
            {t('challenges.rate.submit')}
          </button>
        </div>
      </form>
    </ModalWindow>
  );
}
