/**
 * The company a numbers request names in its JSON body (`company_id`), for the route wrapper: read before the
 * company is resolved, so a body without a company id answers 422 saying so.
 */
import { IdParamSchema } from '@shared/api/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalid } from '../../lib/errors';

const CompanyOfBody = z.object({ company_id: IdParamSchema });

export const bodyCompany = {
  record: async ({ request }: { request: FastifyRequest }) => {
    const parsed = CompanyOfBody.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid({ company_id: ['Say which company the numbers are for.'] });
    return parsed.data.company_id;
  },
};
