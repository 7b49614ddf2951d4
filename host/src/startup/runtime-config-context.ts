import type { RuntimeConfig } from '@luz/shared';
import { createContext, useContext } from 'react';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('RuntimeConfigContext is missing');
  return config;
}
