/** What the admin order page's sections show of a refused form: the message and the fields at fault. */
export type FormProblem = { error: string; fields: Record<string, string> };
