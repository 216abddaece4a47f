/**
 * A route component that is made on first use.
 *
 * The route table Docusaurus generates calls `ComponentCreator(path, hash)` for every route
 * as the table's module is evaluated: each call flattens the route's chunk names, looks
 * each up in the chunk registry and makes a react-loadable component, a class with its own
 * closures. A first load of this site made some 260 of them before the page could hydrate,
 * to use the three or four that match the page (tens of milliseconds on a slow phone).
 * Here each route gets a small function component instead, which makes the real one the
 * first time the route is preloaded (Docusaurus preloads a route before it renders it) or
 * rendered, then renders it. `preload` is the one property of a route component Docusaurus
 * reads (`lib/client/preload.js`); the test of ./index checks that it still is.
 */
import {createElement, type ComponentType} from 'react';

export type RouteComponent = ComponentType<Record<string, unknown>> & {preload?: () => Promise<unknown>};
export type ComponentCreator = (path: string, hash: string) => RouteComponent;

export function lazily(create: ComponentCreator): ComponentCreator {
  return (path, hash) => {
    let made: RouteComponent | undefined;
    const component = (): RouteComponent => (made ??= create(path, hash));
    function LazyRouteComponent(props: Record<string, unknown>) {
      return createElement(component(), props);
    }
    LazyRouteComponent.preload = () => component().preload?.() ?? Promise.resolve();
    return LazyRouteComponent;
  };
}
