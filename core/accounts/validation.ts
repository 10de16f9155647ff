/**
 * Input shapes of the accounts module (zod), shared by the JSON API and the web forms so both
 * give the same answers. Messages are keys of the `errors` catalogue (core/validation.ts turns
 * them into field messages; in English the specification's texts, section 5: "The field is
 * required", "The email is invalid"). Addresses in Switzerland or Liechtenstein with a 4-digit
 * postcode pass here; whether Liechtenstein is delivered to is the shop's setting, checked by
 * core/config/region.ts (docs/architecture.md, "Rules of the domain"; ADR 014).
 */
import { z } from 'zod';

/** Field message keys (`errors` catalogue). */
const REQUIRED = 'fieldRequired';
const EMAIL_INVALID = 'emailInvalid';
const POSTCODE_INVALID = 'postcodeInvalid';
const PHONE_INVALID = 'phoneInvalid';
const DATE_INVALID = 'dateInvalid';
const COUNTRY_INVALID = 'countryInvalid';

const required = (max: number) => z.string().trim().min(1, { error: REQUIRED }).max(max);

/** A lower-cased, trimmed e-mail address. */
export const Email = z
  .string()
  .trim()
  .min(1, { error: REQUIRED })
  .max(254, { error: EMAIL_INVALID })
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((e) => e.toLowerCase());

/** A password as typed (the policy is checked by `assertPasswordPolicy`, which names the rule). */
export const Password = z.string().min(1, { error: REQUIRED }).max(200);

/** Phone: digits, spaces, `+ ( ) - /`, 7 to 20 characters. */
const Phone = required(30).regex(/^\+?[0-9 ()/-]{7,20}$/, { error: PHONE_INVALID });

/** A calendar date `YYYY-MM-DD` that exists. */
const IsoDate = required(10).refine(
  (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  {
    error: DATE_INVALID,
  },
);

/** Countries an address may name (ISO 3166 alpha-2); the delivery region narrows them (ADR 014). */
const COUNTRIES = ['CH', 'LI'] as const;

/** A delivery address in Switzerland or Liechtenstein (the region check comes after, core/config/region.ts). */
const Address = z
  .object(
    {
      street: required(200),
      postalCode: z
        .string()
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
const Locale = z
  .string()
  .trim()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
  .max(10);

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

/**
 * The `users` columns of a person's name, phone and delivery address, as registration, the
 * profile page and an admin's edit write them.
 */
export function contactColumns(p: Pick<ProfileInput, 'firstName' | 'lastName' | 'phone' | 'address'>) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    street: p.address.street,
    postalCode: p.address.postalCode,
    city: p.address.city,
    country: p.address.country,
  };
}

/** Log-in credentials. */
/** Log-in: e-mail and password, and for accounts with two-factor log-in a TOTP or recovery code (`otp`). */
export const LoginInput = z.object({ email: Email, password: Password, otp: z.string().trim().max(40).optional() });
