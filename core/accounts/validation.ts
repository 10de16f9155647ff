/**
 * Input shapes of the accounts module (zod), shared by the JSON API and the web forms so both
 * give the same answers. Messages are the specification's (section 5): "The field is required",
 * "The email is invalid"; the rest are ours. Delivery only to Switzerland and Liechtenstein, with a
 * 4-digit postcode (architecture guide, "Rules of the domain"; ADR 004).
 */
import { z } from 'zod';

/** Specification section 5 texts. */
export const REQUIRED = 'The field is required';
export const EMAIL_INVALID = 'The email is invalid';
export const POSTCODE_INVALID = 'Please enter a 4-digit postcode (Switzerland or Liechtenstein)';
export const PHONE_INVALID = 'Please enter a valid phone number';
export const DATE_INVALID = 'Please enter a valid date (YYYY-MM-DD)';
export const COUNTRY_INVALID = 'We deliver to Switzerland and Liechtenstein only';

const required = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `At most ${max} characters` });

/** A lower-cased, trimmed e-mail address. */
export const Email = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(254, { error: EMAIL_INVALID })
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((e) => e.toLowerCase());

/** A password as typed (the policy is checked by `assertPasswordPolicy`, which names the rule). */
export const Password = z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).max(200, { error: 'At most 200 characters' });

/** Phone: digits, spaces, `+ ( ) - /`, 7 to 20 characters. */
export const Phone = required(30).regex(/^\+?[0-9 ()/-]{7,20}$/, { error: PHONE_INVALID });

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = required(10).refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
  error: DATE_INVALID,
});

/** Countries we deliver to (ISO 3166 alpha-2). */
export const COUNTRIES = ['CH', 'LI'] as const;

/** A delivery address in Switzerland or Liechtenstein. */
export const Address = z
  .object(
    {
      street: required(200),
      postalCode: z
        .string({ error: REQUIRED })
        .trim()
        .min(1, { error: REQUIRED })
        .regex(/^[1-9]\d{3}$/, { error: POSTCODE_INVALID }),
      city: required(100),
      country: z
        .string()
        .trim()
        .toUpperCase()
        .optional()
        .transform((c) => c || 'CH')
        .pipe(z.enum(COUNTRIES, { error: COUNTRY_INVALID })),
    },
    { error: REQUIRED },
  )
  .refine((a) => a.country !== 'LI' || /^94(8[5-9]|9[0-8])$/.test(a.postalCode), { error: POSTCODE_INVALID, path: ['postalCode'] });

/** A language code for the user's mails (`en`, `de`, `pt-BR`...). */
export const Locale = z.string().trim().regex(/^[a-z]{2}(-[A-Z]{2})?$/).max(10);

/** The registration payload (`user/addClient`, `/register`). */
export const RegisterInput = z.object({
  firstName: required(100),
  lastName: required(100),
  email: Email,
  phone: Phone,
  password: Password,
  dateOfBirth: IsoDate,
  address: Address,
  locale: Locale.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/** What a user may change on their profile (not the e-mail, not the role). */
export const ProfileInput = z.object({
  firstName: required(100),
  lastName: required(100),
  phone: Phone,
  address: Address,
  locale: Locale.optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** Log-in credentials. */
export const LoginInput = z.object({ email: Email, password: Password });
