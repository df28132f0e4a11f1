import type { ChallengeDetail } from '@globetrail/contracts';
import { CHALLENGE_LIMITS } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { commentOnChallenge } from '../api/challenges-api';
import { invalidateChallenges } from '../hooks/challenge-queries';

/**
 * Comments on a challenge's rounds. A comment can give a place away, so a player reads and writes only
 * about rounds they have played (the server keeps the others back).
 */
export function ChallengeComments({ challenge, played, signedIn }: { challenge: ChallengeDetail; played: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const id = useId();
  const [round, setRound] = useState(0);
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: () => commentOnChallenge(challenge.id, round, text.trim()),
    onSuccess: () => {
      setText('');
      void invalidateChallenges(queryClient);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && !post.isPending) post.mutate();
  };
  return (
    <section aria-labelledby={`${id}-title`} className="challenge-comments">
      <h2 id={`${id}-title`}>{t('challenges.comments.title', { count: challenge.comments })}</h2>
      {played === 0 ? (
        <p className="muted">{t('challenges.comments.playFirst')}</p>
      ) : (
        <>
          {challenge.commentList.length === 0 && <p className="muted">{t('challenges.comments.none')}</p>}
          <ul className="challenge-comments__list" data-testid="challenge-comments">
            {challenge.commentList.map((comment) => (
              <li key={comment.id}>
                <p className="challenge-comments__meta muted">{t('challenges.comments.meta', { name: comment.name, round: comment.roundNumber + 1 })}</p>
                <p>{comment.comment}</p>
              </li>
            ))}
          </ul>
          {signedIn && (
            <form className="form challenge-comments__form" onSubmit={submit}>
              <label htmlFor={`${id}-round`}>{t('challenges.comments.round')}</label>
              <select id={`${id}-round`} className="select" value={round} onChange={(event) => setRound(Number(event.target.value))}>
                {Array.from({ length: played }, (_, index) => (
                  <option key={index} value={index}>
                    {index + 1}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-text`}>{t('challenges.comments.yours')}</label>
              <textarea id={`${id}-text`} rows={2} maxLength={CHALLENGE_LIMITS.maxComment} value={text} onChange={(event) => setText(event.target.value)} data-testid="challenge-comment-text" />
              {post.isError && <ErrorMessage>{errorMessage(post.error)}</ErrorMessage>}
              <button type="submit" className="button button--small" disabled={!text.trim() || post.isPending} data-testid="challenge-comment-send">
                {t('challenges.comments.send')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
