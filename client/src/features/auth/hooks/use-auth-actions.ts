import { type AuthSession, isAuthorizedDomain } from '@globetrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adoptSession } from '../../../lib/session/session-service';
import { getSession } from '../../../lib/session/session-store';
import { confirmPasswordReset, discardGuest, getIdentityProject, getPasswordPolicy, requestPasswordReset, signIn, signUp } from '../api/auth-api';

export function usePasswordPolicy() {
  return useQuery({
    queryKey: ['password-policy'],
    queryFn: ({ signal }) => getPasswordPolicy(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface SignedIn {
  name: string;
  /** False when the browser now belongs to another player (their game does not carry over). */
  sameUser: boolean;
}

/** Takes the session an account answered with; a guest the browser held before is discarded (SPEC §4). */
async function signInWith(answer: () => Promise<AuthSession>): Promise<SignedIn> {
  const previous = getSession();
  const auth = await answer();
  await adoptSession(auth);
  const sameUser = previous?.user.uid === auth.user.uid;
  if (previous && !sameUser && previous.user.isAnonymous) void discardGuest(previous);
  return { name: auth.user.name, sameUser };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { email: string; password: string }) => signInWith(() => signIn(request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { name: string; email: string; password: string }): Promise<SignedIn> => {
      const previous = getSession();
      const auth = await signUp(request);
      await adoptSession(auth);
      return { name: auth.user.name, sameUser: previous?.user.uid === auth.user.uid };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

/** A code mailed, then a new password set with it: the player is signed in with the fresh session. */
export function usePasswordReset() {
  const queryClient = useQueryClient();
  const request = useMutation({ mutationFn: (variables: { email: string; language: string }) => requestPasswordReset(variables) });
  const confirm = useMutation({
    mutationFn: (variables: { email: string; code: string; password: string }) => signInWith(() => confirmPasswordReset(variables)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
  return { request, confirm };
}

/** SPEC §8 unauthorized-domain: false when this host may not sign players in; true while unknown or not offered (OIDC). */
export function useDomainAuthorized(): boolean {
  const project = useQuery({ queryKey: ['identity-project'], queryFn: ({ signal }) => getIdentityProject(signal), staleTime: Number.POSITIVE_INFINITY, retry: false });
  return project.data ? isAuthorizedDomain(window.location.hostname, project.data.authorizedDomains) : true;
}
