/**
 * The partner configuration: one zod schema for the site (which reads it from the
 * partner-config API) and the server (which serves it from files in partners/).
 * The server validates strictly and names the broken field; the site is lenient
 * field by field, because a partner's typo must not take their whole brand down.
 */
import {z} from 'zod';
import {GREY_THEMES, parseColor} from './colors';

// No code generated at run time: zod would otherwise probe for eval (new Function), which the
// site's Content-Security-Policy refuses and reports as a violation on every partner host.
z.config({jitless: true});

/** True for `https:`/`http:` URLs and root-relative paths; false for anything a browser could run. */
export function isSafeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (value.length === 0 || value.length > 2048 || /[\u0000-\u001f\u007f\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const url = z.string().trim().refine(isSafeUrl, {message: 'must be an https:, http: or root-relative (/…) URL'});
const text = (max: number) => z.string().trim().min(1, {message: 'must not be empty'}).max(max, {message: `must be at most ${max} characters`});
const color = z
  .string()
  .refine((v) => parseColor(v) !== undefined, {message: 'must be one of the 22 colour names (red … stone) or #rrggbb'})
  .transform((v) => parseColor(v) as string);
/** Colour modes a partner may make the default. */
export const COLOR_MODES = ['light', 'dark'] as const;
export type ColorModeName = (typeof COLOR_MODES)[number];

const email = z.email({message: 'must be an email address'}).max(254);

/** A link in the partner's header or footer. */
export const partnerLinkSchema = z.object({
  /** Text of the link, shown as plain text. */
  label: text(60),
  /** Where it goes: https:, http: or a root-relative path. */
  url,
});

/** A colour per colour mode; one given alone serves both. */
const modeColors = z.object({
  /** Colour in light mode: a palette name or #rrggbb. */
  light: color.optional(),
  /** Colour in dark mode: a palette name or #rrggbb. */
  dark: color.optional(),
});

export const partnerConfigSchema = z.object({
  /** The partner's product or company name; replaces the default brand name everywhere. */
  name: text(80),
  /** The partner's own addresses. */
  uris: z
    .object({
      /** Sign-in page. */
      auth: url.optional(),
      /** The docs site itself. */
      doc: url.optional(),
      /** The API reference, if hosted elsewhere. */
      api_doc: url.optional(),
      /** Web console; `<ConsoleLink>` paths resolve against it. */
      console: url.optional(),
      /** API base URL customers call. */
      api_uri: url.optional(),
    })
    .optional(),
  /** Grey scale of the theme. */
  theme: z.enum(GREY_THEMES, {message: `must be one of ${GREY_THEMES.join(', ')}`}).optional(),
  /** Logo images. */
  logos: z
    .object({
      /** Navbar logo on light backgrounds. */
      light: url.optional(),
      /** Navbar logo on dark backgrounds. */
      dark: url.optional(),
      /** Browser tab icon. */
      favicon: url.optional(),
      /** Logo used in emails (not shown by the docs). */
      email: url.optional(),
    })
    .optional(),
  /** Kind of users the partner serves; carried through, no effect on the docs yet. */
  user_type: text(40).optional(),
  /** Support contact. */
  support_email: email.optional(),
  /** Sales contact. */
  sales_email: email.optional(),
  /** Background image for the partner's sign-in pages (not shown by the docs). */
  background_image_url: url.optional(),
  /** Accent colours. */
  colors: z
    .object({
      /** Links, buttons, active items. */
      primary: modeColors.optional(),
      /** Secondary accent. */
      secondary: modeColors.optional(),
    })
    .optional(),
  /** One-line description of the partner's offering. */
  description: z.string().trim().max(300).optional(),
  /** Links in the navbar, replacing the default console and feature-request links. */
  user_docs_header: z.object({items: z.array(partnerLinkSchema).max(8)}).optional(),
  /** Links in the footer, replacing the default footer columns. */
  user_docs_footer: z.object({links: z.array(partnerLinkSchema).max(24)}).optional(),
  /** Footer copyright line, shown as plain text. */
  copyright: text(200).optional(),
  /**
   * The colour mode a reader sees until they choose one with the toggle: `dark` for a
   * dark-first brand. An extension beyond SPEC section 3 (the spec's config has no such
   * field); it never overrides a reader's own choice and is never stored as one.
   */
  color_mode: z.enum(COLOR_MODES, {message: `must be one of ${COLOR_MODES.join(', ')}`}).optional(),
});

export type PartnerConfig = z.infer<typeof partnerConfigSchema>;
export type PartnerLink = z.infer<typeof partnerLinkSchema>;

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return s;
}

/** The `.max()` of an array schema, if it has one. */
function maxLength(schema: z.ZodArray): number | undefined {
  for (const check of schema.def.checks ?? []) {
    const def = check._zod.def as {check: string; maximum?: number};
    if (def.check === 'max_length' && typeof def.maximum === 'number') return def.maximum;
  }
  return undefined;
}

/** Keeps what validates, field by field and list item by list item; drops the rest. */
function lenient(schema: z.ZodType, value: unknown): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      if (!Object.hasOwn(value, key)) continue;
      const kept = lenient(fieldSchema, (value as Record<string, unknown>)[key]);
      if (kept !== undefined) out[key] = kept;
    }
    const whole = inner.safeParse(out);
    return whole.success ? whole.data : undefined;
  }
  if (inner instanceof z.ZodArray) {
    if (!Array.isArray(value)) return undefined;
    const items = value.map((item) => lenient(inner.element as z.ZodType, item)).filter((item) => item !== undefined);
    const whole = inner.safeParse(items);
    if (whole.success) return whole.data;
    // Too many valid items: keep as many as the field allows, in the partner's order.
    const max = maxLength(inner);
    if (max === undefined || items.length <= max) return undefined;
    const trimmed = inner.safeParse(items.slice(0, max));
    return trimmed.success ? trimmed.data : undefined;
  }
  const result = inner.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * A partner config from an untrusted source, with every invalid field dropped.
 * Returns null when what is left is not a config (not an object, or no valid name).
 */
export function sanitizePartnerConfig(raw: unknown): PartnerConfig | null {
  const kept = lenient(partnerConfigSchema, raw);
  return kept === undefined ? null : (kept as PartnerConfig);
}

/** Readable messages for a strict validation failure, one per broken field. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[') : '(root)';
    const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return `${where} ${message}`;
  });
}
