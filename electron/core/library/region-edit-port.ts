// What the library asks of region edits (core/region-edit) while filing: whether a press was one, and the
// downloaded picture put back into its original. A port, so the library never imports the module that uses it.
import type { RegionEditSettings } from '../../../shared/studio/region-selection';

export interface RegionEditPort {
  /** The region edit a press (its key, the batch id its tasks carry) was made for; null for any other press. */
  settingsFor(pressKey: string): RegionEditSettings | null;
  /**
   * The gateway's picture at `path` replaced by the original with it composited into the selection, as PNG,
   * named .png (the path it now has is returned). Throws, saying why, for a picture that cannot be used: the
   * download is then failed and tried again.
   */
  composite(pressKey: string, path: string): Promise<string>;
}
