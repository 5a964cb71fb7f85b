import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteModule } from './remote-loader';

// No antd here: the public customer pages use this too.
type RemoteComponent<P> = LazyExoticComponent<ComponentType<P>>;
const lazyCache = new Map<string, RemoteComponent<never>>();

/** One React.lazy per remote module; `fresh` replaces it (retry), otherwise the loaded one is reused. */
export function remoteComponent<P>(remote: string, expose: string, fresh: boolean): RemoteComponent<P> {
  const key = `${remote}/${expose}`;
  let component = lazyCache.get(key) as RemoteComponent<P> | undefined;
  if (!component || fresh) {
    component = lazy(() => loadRemoteModule<{ default: ComponentType<P> }>(remote, expose));
    lazyCache.set(key, component as RemoteComponent<never>);
  }
  return component;
}
