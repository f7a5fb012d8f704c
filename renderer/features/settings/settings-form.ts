// The settings form's rules come from the bridge's own settings schema, so the form and main agree.
import { z } from 'zod';
import { apiKeyInputSchema, settingsSchema } from '../../../shared/bridge/session-schemas';
import { checkProxyAddress } from '../../../shared/gateway/proxy-address';
import {
  MAX_RESULT_ADDRESSES,
  parseResultAddress,
  splitResultAddresses,
} from '../../../shared/gateway/result-addresses';
import { because } from '../../../shared/validation';

export const connectionFormSchema = z.object({
  // Empty means "not set"; anything else must be an http(s) URL.
  baseUrl: z.union([z.literal(''), settingsSchema.shape.baseUrl.unwrap()]),
});
export type ConnectionFormValues = z.input<typeof connectionFormSchema>;

export const proxyFormSchema = z.object({
  // Empty means "none set here": the environment's proxy, else direct; anything else as main checks it.
  proxy: z
    .string()
    .trim()
    .refine((text) => text === '' || checkProxyAddress(text).ok, { params: because('proxyAddress') })
    .transform((text) => {
      const checked = checkProxyAddress(text);
      return checked.ok ? checked.url : text;
    }),
});
export type ProxyFormValues = z.input<typeof proxyFormSchema>;

/** Settings › Result files: one entry a line (commas and spaces separate too), each an address, range or name. */
export const resultAddressesFormSchema = z.object({
  text: z
    .string()
    .refine((text) => splitResultAddresses(text).every((entry) => parseResultAddress(entry) !== null), {
      params: because('resultAddress'),
      abort: true,
    })
    .refine((text) => splitResultAddresses(text).length <= MAX_RESULT_ADDRESSES, {
      params: because('maxItems', { maximum: MAX_RESULT_ADDRESSES }),
    }),
});
export type ResultAddressesFormValues = z.input<typeof resultAddressesFormSchema>;

export const keyFormSchema = apiKeyInputSchema;
export type KeyFormValues = z.input<typeof keyFormSchema>;

export const storageFormSchema = z.object({
  // Empty means the default folder; anything else must be an absolute path, as main requires.
  libraryDir: z.union([z.literal(''), settingsSchema.shape.libraryDir.unwrap()]),
  pollBudgetPerSecond: settingsSchema.shape.pollBudgetPerSecond,
});
export type StorageFormValues = z.input<typeof storageFormSchema>;
