/** The search worker's entry: see `workerClient.ts`. */
import {serveLocalSearch} from './workerHost';
import {PAGE_HIGHLIGHT_TAGS} from './settings';
import type {Endpoint} from './workerClient';

serveLocalSearch(self as unknown as Endpoint, {origin: self.location.origin, ...PAGE_HIGHLIGHT_TAGS});
