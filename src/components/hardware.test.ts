// The hardware components render the data of src/data/hardware.ts, server-side.
import {createElement as h, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import FlavorLabelTable from './FlavorLabelTable';
import GpuCompatibilityMatrix from './GpuCompatibilityMatrix';
import {flavors, images} from '../data/platform';
import {flavorLabelKeys, gpuModels, imageDrivers} from '../data/hardware';

const render = <P extends object>(component: ComponentType<P>, props?: P) => renderToStaticMarkup(h(component as ComponentType<object>, props ?? {}));
const rows = (html: string) => html.match(/<tr>/g)!.length - 1;

describe('hardware components', () => {
  it('FlavorLabelTable lists each flavor with its labels, or the vocabulary', () => {
    const html = render(FlavorLabelTable);
    expect(rows(html)).toBe(flavors.length);
    expect(html).toContain('<code>interconnect=nvlink</code>');
    const vocabulary = render(FlavorLabelTable, {view: 'vocabulary'});
    expect(rows(vocabulary)).toBe(flavorLabelKeys.length);
    expect(vocabulary).toContain('<code>confidential: true</code>');
  });

  it('GpuCompatibilityMatrix shows models against the images that ship a driver', () => {
    const html = render(GpuCompatibilityMatrix);
    expect(rows(html)).toBe(gpuModels.length);
    expect(html.match(/<th>/g)!.length).toBe(1 + images.filter((i) => i.driver).length);
    expect(html).toContain('Fabric Manager included');
    expect(rows(render(GpuCompatibilityMatrix, {view: 'models'}))).toBe(gpuModels.length);
    expect(rows(render(GpuCompatibilityMatrix, {view: 'images'}))).toBe(imageDrivers.length);
  });
});
