// The fact components render the data, server-side, as the build does.
import {createElement as h, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import FlavorTable from './FlavorTable';
import RegionTable from './RegionTable';
import ImageTable from './ImageTable';
import VmStateTable from './VmStateTable';
import Price from './Price';
import Limit from './Limit';
import {flavors, images, regions, vmStates} from '../data/platform';

const render = <P extends object>(component: ComponentType<P>, props?: P) => renderToStaticMarkup(h(component as ComponentType<object>, props ?? {}));
const rows = (html: string) => html.match(/<tr>/g)!.length - 1;
const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('fact components', () => {
  it('FlavorTable lists every flavor by default, with prices in the one format', () => {
    const html = render(FlavorTable);
    expect(rows(html)).toBe(flavors.length);
    const h100 = flavors.find((f) => f.name === 'n3-H100x1')!;
    expect(cells(html)).toContain(`$${h100.pricePerHour.toFixed(2)} per hour`);
  });

  it('FlavorTable filters by GPU, CPU-only or names, and shows the columns asked for', () => {
    const html = render(FlavorTable, {gpu: "H100", columns: ['name', 'priceMonth']});
    expect(rows(html)).toBe(flavors.filter((f) => f.gpu?.includes('H100')).length);
    expect(cells(html).slice(0, 2)).toEqual(['Flavor', 'Price per month']);
    expect(rows(render(FlavorTable, {cpuOnly: true}))).toBe(flavors.filter((f) => !f.gpu).length);
    expect(cells(render(FlavorTable, {names: ['n3-L40x1'], columns: ['name']}))).toEqual(['Flavor', 'n3-L40x1']);
    expect(() => render(FlavorTable, {names: ['n9-nope']})).toThrow(/unknown flavor "n9-nope"/);
  });

  it('RegionTable, ImageTable and VmStateTable render their data', () => {
    expect(rows(render(RegionTable))).toBe(regions.length);
    expect(rows(render(RegionTable, {openOnly: true}))).toBe(regions.filter((r) => r.open).length);
    expect(rows(render(ImageTable))).toBe(images.length);
    expect(rows(render(ImageTable, {gpuOnly: true}))).toBe(images.filter((i) => i.driver).length);
    const states = render(VmStateTable);
    expect(rows(states)).toBe(vmStates.length);
    expect(cells(states)).toContain('HIBERNATED');
    expect(cells(render(VmStateTable, {billed: false}))).not.toContain('Flavor billed');
  });

  it('Price and Limit read the data', () => {
    expect(render(Price, {flavor: "n3-H100x8", hours: 48})).toContain(`$${(flavors.find((f) => f.name === 'n3-H100x8')!.pricePerHour * 48).toLocaleString('en-US', {minimumFractionDigits: 2})}`);
    expect(render(Price, {of: "volume"})).toContain('per GB per hour');
    expect(render(Price, {of: "snapshot"})).toContain('per GB per hour');
  });

  it('Price quotes a flavor\'s spot price, and refuses a flavor with none', () => {
    const spot = flavors.find((f) => f.name === 'n3-H100x1')!.spotPricePerHour!;
    expect(render(Price, {flavor: 'n3-H100x1', spot: true})).toContain(`$${spot.toFixed(2)} per hour`);
    expect(() => render(Price, {flavor: 'n1-cpu-small', spot: true})).toThrow(/not offered as spot/);
  });

  it('FlavorTable shows the network and spot columns from the data', () => {
    const html = render(FlavorTable, {names: ['n3-H100x8', 'n1-cpu-small'], columns: ['name', 'spotPrice', 'highSpeedNetwork', 'sriov']});
    expect(cells(html)).toEqual(expect.arrayContaining(['Spot price', 'Not offered', 'InfiniBand NDR, 8 × 400 Gbit/s', 'Yes', 'No']));
    expect(render(Limit, {name: "apiRequestsPerMinute"})).toBe('600 requests per minute');
  });
});
