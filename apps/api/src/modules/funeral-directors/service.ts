import type { FuneralDirectorBranch, FuneralDirectorSearchResponse } from "@kindred/contracts";
import { messages, milesBetween, roundToTenth, type Coordinate } from "@kindred/domain";
import type { Database } from "../../db/database";
import { ViolationError } from "../../plugins/error-handler";
import { loadPostcodeDistricts, postcodeDistrict } from "./postcode-districts";
import {
  selectActiveBranch,
  selectActiveBranchNames,
  selectHeadOffice,
  selectLocalBranches,
  type BranchRow,
} from "./queries";

/** How far a visitor is offered a branch, and how many at most. */
const searchRadiusMiles = 50;
const maximumBranchesFound = 5;

function toFuneralDirectorBranch(row: BranchRow): FuneralDirectorBranch {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    website: row.website,
    email: row.email,
    phone: row.phone,
    managerName: row.managerName,
    coordinate: { latitude: row.latitude, longitude: row.longitude },
    active: row.active,
    imageUrl: `${row.imagePath}?width={width}&height={height}`,
    imageAlt: row.imageAlt,
    allowsFuneralDirectorServices: row.allowsFuneralDirectorServices,
    isHeadOffice: row.isHeadOffice,
  };
}

export interface FuneralDirectorService {
  /** An open branch, or a 404 violation. */
  getBranch(id: number): Promise<FuneralDirectorBranch>;
  /** The names of those of `ids` that are open branches; closed or unknown ones are absent. */
  activeBranchNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The nearest open branches to a postcode, or the head office when none is near. */
  searchNear(postcode: string): Promise<FuneralDirectorSearchResponse>;
}

/**
 * Branches open or close only when the catalogue is seeded (at start), so each process keeps the
 * names of the open ones for a short while, as it keeps the plan options: a plan's save and read
 * name its branch without a trip to the database.
 */
const openBranchNamesMaxAgeMs = 30_000;

export function createFuneralDirectorService(
  db: Database,
  { contentDirectory }: { contentDirectory: string },
): FuneralDirectorService {
  let openBranchNames: { names: Promise<ReadonlyMap<number, string>>; readAt: number } | undefined;
  function namesOfOpenBranches(): Promise<ReadonlyMap<number, string>> {
    if (!openBranchNames || Date.now() - openBranchNames.readAt >= openBranchNamesMaxAgeMs) {
      const names = selectActiveBranchNames(db).then(
        (rows) => new Map(rows.map((branch) => [branch.id, branch.name])),
      );
      // A failed read is not kept: the next call reads again.
      names.catch(() => {
        if (openBranchNames?.names === names) openBranchNames = undefined;
      });
      openBranchNames = { names, readAt: Date.now() };
    }
    return openBranchNames.names;
  }

  /** The head office, offered when the postcode is unknown (`from` null) or nothing is near. */
  async function headOfficeFallback(
    outcode: string | null,
    from: Coordinate | null,
  ): Promise<FuneralDirectorSearchResponse> {
    const headOffice = await selectHeadOffice(db);
    if (!headOffice) throw new Error("The catalogue has no head office branch");
    return {
      outcode,
      isFallback: true,
      branches: [
        {
          ...toFuneralDirectorBranch(headOffice),
          distanceMiles: from ? roundToTenth(milesBetween(from, headOffice)) : null,
        },
      ],
    };
  }

  return {
    async getBranch(id) {
      const branch = await selectActiveBranch(db, id);
      if (!branch) {
        throw new ViolationError([{ propertyPath: "Request", title: "No such funeral director" }], 404);
      }
      return toFuneralDirectorBranch(branch);
    },

    async activeBranchNames(ids) {
      const open = await namesOfOpenBranches();
      return new Map(
        ids.flatMap((id) => {
          const name = open.get(id);
          return name === undefined ? [] : [[id, name] as const];
        }),
      );
    },

    async searchNear(postcode) {
      const district = postcodeDistrict(postcode);
      if (!district) {
        throw new ViolationError([{ propertyPath: "postcode", title: messages.postcodeNotValid }], 400);
      }
      const centre = (await loadPostcodeDistricts(contentDirectory)).get(district);
      if (!centre) return headOfficeFallback(null, null);

      const nearest = (await selectLocalBranches(db))
        .map((branch) => ({ branch, miles: milesBetween(centre, branch) }))
        .filter(({ miles }) => miles <= searchRadiusMiles)
        .sort((first, second) => first.miles - second.miles)
        .slice(0, maximumBranchesFound);
      if (nearest.length === 0) return headOfficeFallback(district, centre);
      return {
        outcode: district,
        isFallback: false,
        branches: nearest.map(({ branch, miles }) => ({
          ...toFuneralDirectorBranch(branch),
          distanceMiles: roundToTenth(miles),
        })),
      };
    },
  };
}
