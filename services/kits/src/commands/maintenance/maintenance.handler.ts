import { Injectable } from '@nestjs/common';
import { type FixAddressesResult, type MaintenanceResult, detectAmbulanceService, assertAdmin } from '@bleedkits/contracts';
import { KitRepository, type KitPatch } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { ReverseGeocoder } from '../../geocoding/reverse-geocoder';
import { KitsSubjects, type WireRequest } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export const IMPORT_PREFIX = 'IMPORT-';

/** The admin's data-maintenance tools. Each changed kit takes its own revision, so every projection follows. */
@Injectable()
export class MaintenanceHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly changed: KitChangedPublisher,
    private readonly geocoder: ReverseGeocoder,
  ) {}

  /** Removes the 'IMPORT-' prefix that old bulk imports left on serial numbers. */
  @Handles(KitsSubjects.cleanSerialNumbers)
  async cleanSerialNumbers({ actor }: WireRequest<typeof KitsSubjects.cleanSerialNumbers>): Promise<MaintenanceResult> {
    assertAdmin(actor);
    const patches = (await this.kits.findForMaintenance('importPrefix', IMPORT_PREFIX)).map((k) => ({
      id: k.id,
      patch: { serialNumber: k.serialNumber.slice(IMPORT_PREFIX.length) },
    }));
    const updatedCount = await this.patchEach(patches);
    return { updatedCount, message: `${updatedCount} serial numbers cleaned` };
  }

  /** Detects the service of every kit whose service is empty or unknown. */
  @Handles(KitsSubjects.updateAmbulanceServices)
  async updateAmbulanceServices({ actor }: WireRequest<typeof KitsSubjects.updateAmbulanceServices>): Promise<MaintenanceResult> {
    assertAdmin(actor);
    const totalKits = await this.kits.count();
    const patches = (await this.kits.findForMaintenance('unknownService'))
      .map((k) => ({ id: k.id, service: detectAmbulanceService(k) }))
      .filter((p) => p.service !== 'unknown')
      .map((p) => ({ id: p.id, patch: { ambulanceService: p.service } }));
    const updatedCount = await this.patchEach(patches);
    return { updatedCount, totalKits, message: `${updatedCount} of ${totalKits} kits updated` };
  }

  /** Fills a missing postcode or town from the kit's coordinates (postcodes.io, else the register's gazetteer). */
  @Handles(KitsSubjects.fixMissingAddresses)
  async fixMissingAddresses({ actor }: WireRequest<typeof KitsSubjects.fixMissingAddresses>): Promise<FixAddressesResult> {
    assertAdmin(actor);
    const missing = await this.kits.findForMaintenance('missingAddress');
    const patches: { id: number; patch: KitPatch }[] = [];
    let failed = 0;
    for (const k of missing) {
      const place = await this.geocoder.lookup(k.latitude, k.longitude).catch(() => null);
      const patch: KitPatch = {};
      if (place?.postcode && !k.postcode.trim()) patch.postcode = place.postcode;
      if (place?.city && !k.city.trim()) patch.city = place.city;
      if (Object.keys(patch).length) {
        if (!k.ambulanceService || k.ambulanceService === 'unknown') patch.ambulanceService = detectAmbulanceService({ ...k, ...patch });
        patches.push({ id: k.id, patch });
      } else failed++;
    }
    const fixed = await this.patchEach(patches);
    return { summary: { checked: missing.length, fixed, failed }, message: `${fixed} of ${missing.length} addresses repaired` };
  }

  private async patchEach(patches: { id: number; patch: KitPatch }[]): Promise<number> {
    if (!patches.length) return 0;
    const { result } = await this.kits.write(async (m, first) => {
      let revision = first;
      for (const [i, p] of patches.entries()) {
        if (i > 0) revision = await this.kits.nextRevision(m);
        await this.kits.update(m, revision, p.id, p.patch);
      }
      return revision;
    });
    this.changed.committed(result);
    return patches.length;
  }
}
