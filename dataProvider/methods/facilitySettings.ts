import type { AccommodationSettings, AccommodationSettingsUpdate } from '../../contract/accommodation';
import type { IcalFeed } from '../../contract/icalFeed';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/**
 * The detailed settings page's calls that are not CRUD (spec 2 "Detailed settings"): the facility's
 * calendar feed address and its regenerate, and the facility's automatic-mail settings.
 */
export const facilitySettingsMethods = {
  /** `{ uid, url }`: the feed's address /ical/{uid}.ics, whole. */
  async getIcalFeed(accommodationId: number, signal?: AbortSignal): Promise<IcalFeed> {
    return (await httpClient<IcalFeed>(apiUrl(apiPath('icalFeed', { id: accommodationId })), { signal })).json;
  },

  /** A new feed address (administrators); the old one answers 404 from now on. */
  async regenerateIcalFeed(accommodationId: number): Promise<IcalFeed> {
    const url = apiUrl(apiPath('icalFeedRegenerate', { id: accommodationId }));
    return (await httpClient<IcalFeed>(url, { method: 'POST' })).json;
  },

  /** The reminder's days before the transfer deadline and the automatic cancel of unpaid bookings. */
  async getAccommodationSettings(accommodationId: number, signal?: AbortSignal): Promise<AccommodationSettings> {
    const url = apiUrl(apiPath('accommodationSettings', { id: accommodationId }));
    return (await httpClient<AccommodationSettings>(url, { signal })).json;
  },

  /** Changes them (administrators); answers the settings as saved. */
  async updateAccommodationSettings(
    accommodationId: number,
    patch: AccommodationSettingsUpdate,
  ): Promise<AccommodationSettings> {
    const url = apiUrl(apiPath('accommodationSettings', { id: accommodationId }));
    return (await httpClient<AccommodationSettings>(url, { method: 'PATCH', body: patch })).json;
  },
};
