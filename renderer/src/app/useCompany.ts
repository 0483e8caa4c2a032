/** The company the user works in: the stored choice when the user may still use it, else their first company. */
import type { User } from '@shared/api/auth';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { selectedCompanyIdAtom } from '../api/session';

export function useSelectedCompany(user: User | null | undefined) {
  const [storedId, setStoredId] = useAtom(selectedCompanyIdAtom);
  const companies = user?.companies ?? [];
  const company = companies.find((c) => c.id === storedId) ?? companies[0] ?? null;
  useEffect(() => {
    if (company && company.id !== storedId) setStoredId(company.id);
  }, [company, storedId, setStoredId]);
  return { company, companies, select: setStoredId };
}
