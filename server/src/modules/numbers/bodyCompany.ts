/**
 * The company a numbers request names in its JSON body (`company_id`; the route wrapper also takes `companyId`, or
 * either in the query, and answers 422 when none names one: http/companyNaming.ts).
 */
export const bodyCompany = { body: 'company_id' } as const;
