import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { ModalWindow } from '../../../components/modal-window';
import { PlayerStats } from '../../../components/player-stats';
import { ProfileCard } from '../../../components/profile-card';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { showSnack } from '../../../lib/layout/snacks';
import { useWindowActions } from '../../../lib/layout/windows';
import { useProfile } from '../../../lib/session/profile-query';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteAccount, useSignOut } from '../hooks/use-account-actions';
import { ChangeNameSection } from './change-name-section';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { useNavigate } from '../../../lib/routing/navigation';

export function AccountWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const signOut = useSignOut();
  const remove = useDeleteAccount();
  const { open } = useWindowActions();
  const data = profile.data;
  // While signing out or deleting, the session turns into a guest's before the window closes.
  const leaving = signOut.isPending || remove.isPending;
  const isGuest = !leaving && (session?.user.isAnonymous ?? true);

  return (
    <ModalWindow title={t('account.title')} onClose={onClose} testId="account-window">
      {profile.isPending && <LoadingScreen label={t('account.loading')} />}
      {profile.isError && <ErrorMessage onRetry={() => void profile.refetch()}>{errorMessage(profile.error)}</ErrorMessage>}
      {data && <ProfileCard profile={data} subtitle={isGuest ? t('account.guest') : (session?.user.email ?? '')} />}
      {isGuest ? (
        <div className="account-actions">
          <p className="muted">{t('account.guestExplanation')}</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => open({ kind: 'signIn', mode: 'signUp' })}>
              {t('auth.signUp')}
            </button>
            <button type="button" className="button" onClick={() => open({ kind: 'signIn', mode: 'signIn' })}>
              {t('auth.signIn')}
            </button>
          </div>
        </div>
      ) : (
        <>
        {data && <PlayerStats userId={data.uid} />}
        <nav className="account-links" aria-label={t('account.yoursLabel')}>
          <button type="button" className="button button--small" onClick={() => open({ kind: 'maps', tab: 'liked' })} data-testid="account-liked-maps">
            {t('account.likedMaps')}
          </button>
          <button type="button" className="button button--small" onClick={() => open({ kind: 'maps', tab: 'mine' })} data-testid="account-my-maps">
            {t('account.myMaps')}
          </button>
          <button type="button" className="button button--small" onClick={() => open({ kind: 'challenges', tab: 'mine' })} data-testid="account-my-challenges">
            {t('account.myChallenges')}
          </button>
        </nav>
        <div className="account-actions account-actions--row">
          {signOut.isError && <ErrorMessage>{errorMessage(signOut.error)}</ErrorMessage>}
          <button
            type="button"
            className="button"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => {
                  showSnack({ id: 'signed-out', message: t('account.signedOut'), durationMs: 5_000 });
                  onClose();
                  navigate('/');
                },
              })
            }
          >
            {t('account.signOut')}
          </button>
          {data && <ChangeNameSection currentName={data.name} />}
          <ChangePasswordSection />
          <DeleteAccountSection
            pending={remove.isPending}
            error={remove.isError ? errorMessage(remove.error) : null}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  showSnack({ id: 'deleted', message: t('account.deleted'), durationMs: 6_000 });
                  onClose();
                  navigate('/');
                },
              })
            }
          />
        </div>
        </>
      )}
    </ModalWindow>
  );
}
