import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../shared/build/federation';

export default createModuleFederationConfig(remoteFederation('rpus'));
