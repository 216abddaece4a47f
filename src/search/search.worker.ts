/** The search worker's entry: see `workerClient.ts` (and `earlyWorkerName` for what its name may carry). */
import {readEarlyWorkerName} from './earlyHandover';
import {PAGE_HIGHLIGHT_TAGS} from './settings';
import type {Endpoint} from './workerClient';
import {serveLocalSearch} from './workerHost';

serveLocalSearch(self as unknown as Endpoint, {origin: self.location.origin, ...PAGE_HIGHLIGHT_TAGS}, readEarlyWorkerName(self.name, self.location.href));
