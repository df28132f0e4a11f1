import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../../lib/session/profile-query';
import { startNewAnonymousSession } from '../../../lib/session/session-service';
import { getSession } from '../../../lib/session/session-store';
import { forgetLastGame } from '../../../lib/storage/last-game';
import { useTranslation } from 'react-i18next';
import { showSnack } from '../../../lib/layout/snacks';
import { changeName, changePassword, deleteAccount } from '../api/account-api';
import { adoptSession } from '../../../lib/session/session-service';

/** Sign out revokes the refresh token and continues as a new guest, so the game stays playable. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const previous = getSession();
      await startNewAnonymousSession(previous?.refreshToken ?? null);
      forgetLastGame();
      return previous?.user.uid ?? null;
    },
    onSuccess: (previousUid) => {
      if (previousUid) queryClient.removeQueries({ queryKey: profileQueryKey(previousUid), exact: true });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const previousUid = getSession()?.user.uid ?? null;
      await deleteAccount();
      // The deleted account's tokens die with it; nothing is left to revoke.
      await startNewAnonymousSession(null);
      forgetLastGame();
      return previousUid;
    },
    onSuccess: (previousUid) => {
      if (previousUid) queryClient.removeQueries({ queryKey: profileQueryKey(previousUid), exact: true });
      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
  });
}

/**
 * A new password: the renewed session replaces this one (the server ended every other). The message is
 * shown here, not by the form: adopting a session briefly unmounts the account window's sections.
 */
export function useChangePassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (request: { currentPassword: string; newPassword: string }) => {
      await adoptSession(await changePassword(request));
    },
    onSuccess: () => showSnack({ id: 'password-changed', message: t('account.password.changed'), durationMs: 6_000 }),
  });
}

/** A new name: the renewed session carries it, and adopting it (POST /user/create) renames the player in the game. */
export function useChangeName() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (name: string) => {
      await adoptSession(await changeName(name));
    },
    onSuccess: (_result, name) => {
      showSnack({ id: 'renamed', message: t('account.rename.changed', { name }), durationMs: 5_000 });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
  });
}
