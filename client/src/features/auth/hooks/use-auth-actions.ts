import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adoptSession } from '../../../lib/session/session-service';
import { getSession } from '../../../lib/session/session-store';
import { discardGuest, getPasswordPolicy, signIn, signUp } from '../api/auth-api';

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

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { email: string; password: string }): Promise<SignedIn> => {
      const previous = getSession();
      const auth = await signIn(request);
      await adoptSession(auth);
      const sameUser = previous?.user.uid === auth.user.uid;
      if (previous && !sameUser && previous.user.isAnonymous) void discardGuest(previous);
      return { name: auth.user.name, sameUser };
    },
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
