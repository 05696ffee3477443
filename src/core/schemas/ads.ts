import { z } from "zod";
import { AD_PLACEMENTS } from "../constants";
import { normaliseAdLink, reduceHtmlTag } from "../rules/ads";
import { isWebAddress } from "./store";

/*
 * Advertisements (specification 3 sections 3, 4, 5, 7 and 9; DESIGN 1, ads). `imageUrl` and
 * `linkUrl` may be pasted as an HTML <img> or <a> tag: the server keeps their src / href. A link
 * without a scheme is stored with https:// in front. Dates are ISO 8601 instants or null.
 */

export const AD_MESSAGES = {
  title: "Title is required",
  content: "Content is required",
  imageUrl: "Image URL must be a valid URL (or an <img> tag with one)",
  linkUrl: "Link URL must be a valid web address (or an <a> tag with one)",
  placement: `Placement must be one of ${AD_PLACEMENTS.join(", ")}`,
  priority: "Priority must be a whole number from 0 to 1000",
  date: "Dates must be valid date and time values",
  window: "The end date must be after the start date",
  ids: "Select at least one advertisement",
} as const;

export const AD_TITLE_MAX = 100;
export const AD_CONTENT_MAX = 500;
export const AD_PRIORITY_MAX = 1000;
export const AD_BULK_MAX = 200;

export const adPlacementSchema = z.enum(AD_PLACEMENTS, { error: AD_MESSAGES.placement });
export type AdPlacement = z.infer<typeof adPlacementSchema>;

const optionalDate = z
  .union([z.iso.datetime({ offset: true, error: AD_MESSAGES.date }), z.literal(""), z.null()], {
    error: AD_MESSAGES.date,
  })
  .optional()
  .transform((v) => (v ? new Date(v) : null));

const imageUrlSchema = z
  .string({ error: AD_MESSAGES.imageUrl })
  .max(4000, AD_MESSAGES.imageUrl)
  .nullable()
  .optional()
  .transform((v, ctx) => {
    const url = reduceHtmlTag(v, "img");
    if (url === null && !v?.trim()) return null;
    if (url === null || url.length > 2048 || !isWebAddress(url, true)) {
      ctx.addIssue({ code: "custom", message: AD_MESSAGES.imageUrl });
      return z.NEVER;
    }
    return url;
  });

const linkUrlSchema = z
  .string({ error: AD_MESSAGES.linkUrl })
  .max(4000, AD_MESSAGES.linkUrl)
  .nullable()
  .optional()
  .transform((v, ctx) => {
    const reduced = reduceHtmlTag(v, "a");
    if (reduced === null && !v?.trim()) return null;
    const link = normaliseAdLink(reduced);
    if (link === null || link.length > 2048) {
      ctx.addIssue({ code: "custom", message: AD_MESSAGES.linkUrl });
      return z.NEVER;
    }
    return link;
  });

/** POST /api/ads and PUT /api/ads/{id}: the ad form's fields. */
export const adBodySchema = z
  .object({
    title: z
      .string({ error: AD_MESSAGES.title })
      .trim()
      .min(1, AD_MESSAGES.title)
      .max(AD_TITLE_MAX, `Title is too long (at most ${AD_TITLE_MAX} characters)`),
    content: z
      .string({ error: AD_MESSAGES.content })
      .trim()
      .min(1, AD_MESSAGES.content)
      .max(AD_CONTENT_MAX, `Content is too long (at most ${AD_CONTENT_MAX} characters)`),
    imageUrl: imageUrlSchema,
    linkUrl: linkUrlSchema,
    placement: adPlacementSchema.optional().default("dashboard"),
    priority: z
      .number({ error: AD_MESSAGES.priority })
      .int(AD_MESSAGES.priority)
      .min(0, AD_MESSAGES.priority)
      .max(AD_PRIORITY_MAX, AD_MESSAGES.priority)
      .optional()
      .default(1),
    startDate: optionalDate,
    endDate: optionalDate,
    isActive: z.boolean().optional(),
  })
  .refine((ad) => !ad.startDate || !ad.endDate || ad.endDate > ad.startDate, {
    message: AD_MESSAGES.window,
    path: ["endDate"],
  });
export type AdBodyInput = z.input<typeof adBodySchema>;
export type AdBody = z.output<typeof adBodySchema>;

export const adSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  placement: adPlacementSchema,
  priority: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
  viewCount: z.number().int(),
  clickCount: z.number().int(),
  createdAt: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

/** What the dashboard slot gets (GET /api/ads/active/{placement}). */
export const activeAdSchema = adSchema.pick({
  id: true,
  title: true,
  content: true,
  imageUrl: true,
  linkUrl: true,
});
export type ActiveAd = z.infer<typeof activeAdSchema>;

export const adAnalyticsSchema = z.object({
  totalViews: z.number().int(),
  totalClicks: z.number().int(),
  /** "2.5%" */
  clickThroughRate: z.string(),
});
export type AdAnalytics = z.infer<typeof adAnalyticsSchema>;

const idsSchema = z
  .array(z.number().int().min(1).max(2_147_483_647), { error: AD_MESSAGES.ids })
  .min(1, AD_MESSAGES.ids)
  .max(AD_BULK_MAX, `At most ${AD_BULK_MAX} advertisements at once`);

export const adBulkDeleteBodySchema = z.object({ ids: idsSchema });
export const adBulkToggleBodySchema = z.object({
  ids: idsSchema,
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
export type AdBulkToggleBody = z.infer<typeof adBulkToggleBodySchema>;

/** Bulk answers: how many changed, and which of the ids named no advertisement. */
export const adBulkResultSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  missingIds: z.array(z.number().int()),
});
export type AdBulkResult = z.infer<typeof adBulkResultSchema>;

export const adViewBodySchema = z.object({ placement: adPlacementSchema.optional() });
