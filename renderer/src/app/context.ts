/** What the shell hands each signed-in screen: the user and the selected company (their time zone: timeZone.ts). */
import type { User } from '@shared/api/auth';
import { useOutletContext } from 'react-router';

export interface ShellContext {
  user: User;
  company: User['companies'][number] | null;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}
