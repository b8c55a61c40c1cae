import {
  createTestDatabase,
  type DatabaseHandle,
  openDatabase,
  type TestDatabase,
} from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalogueChanges } from "../src/catalogue-changes.ts";

/** Resolves once `count` notifications arrived, or with what arrived after `ms`. */
function collect(subscribe: (listener: () => void) => unknown, count: number, ms = 3_000) {
  let seen = 0;
  return new Promise<number>((resolve) => {
    const timer = setTimeout(() => resolve(seen), ms);
    subscribe(() => {
      seen++;
      if (seen === count) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
  });
}

// Two replicas on one PostgreSQL: a text changed through one drops the other's content cache,
// and the content bus and the catalogue bus do not hear each other.
describe("content changes across replicas on PostgreSQL", () => {
  let database: TestDatabase;
  let replica: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    replica = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
  });
  afterAll(async () => {
    await replica?.close();
    await database?.close();
  });

  it("reaches the other replica on its own channel only", async () => {
    const contentHere = await openCatalogueChanges(database, "obmen_content");
    const contentThere = await openCatalogueChanges(replica, "obmen_content");
    const catalogueThere = await openCatalogueChanges(replica);
    try {
      const content = collect(contentThere.changes.subscribe, 1);
      const catalogue = collect(catalogueThere.changes.subscribe, 1, 500);
      await contentHere.changes.publish();
      expect(await content).toBe(1);
      expect(await catalogue).toBe(0);
    } finally {
      await contentHere.close();
      await contentThere.close();
      await catalogueThere.close();
    }
  });
});
