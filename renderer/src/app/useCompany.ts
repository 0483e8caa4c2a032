/**
 * The company the user works in: the stored choice when the user may still use it, else their first company.
 * A platform admin may use every company (as owner, docs/permissions.md), found through companies/slim.
 */
import type { User } from '@shared/api/auth';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { api } from '../api';
import { keys } from '../api/keys';
import { selectedCompanyIdAtom } from '../api/session';

type CompanyChoice = User['companies'][number];

export function useSelectedCompany(user: User | null | undefined) {
  const [storedId, setStoredId] = useAtom(selectedCompanyIdAtom);
  const platformAdmin = !!user?.is_platform_admin;
  const all = useQuery({
    queryKey: keys.companiesSlim(),
    queryFn: async () => {
      // The companies' table of the contract brings the time-zone list: loaded when an admin needs it, not with
      // the first screen (the initial script's budget, docs/decisions.md "UI loading").
      const { COMPANY_ENDPOINTS } = await import('@shared/api/companies');
      return (await api.call(COMPANY_ENDPOINTS.slim)).data;
    },
    enabled: platformAdmin,
  });
  const companies = useMemo<CompanyChoice[]>(() => {
    const own = user?.companies ?? [];
    if (!platformAdmin) return own;
    const extra = (all.data ?? [])
      .filter((c) => !own.some((o) => o.id === c.id))
      .map((c) => ({ ...c, role: 'owner' as const, in_app_calling_status: 'away' as const }));
    return [...own, ...extra];
  }, [user, platformAdmin, all.data]);
  const company = companies.find((c) => c.id === storedId) ?? companies[0] ?? null;
  useEffect(() => {
    if (company && company.id !== storedId) setStoredId(company.id);
  }, [company, storedId, setStoredId]);
  // A platform admin's companies come from companies/slim: until it answers, which one is theirs is not known yet.
  const pending = platformAdmin && all.isPending;
  return { company, companies, select: setStoredId, pending };
}
