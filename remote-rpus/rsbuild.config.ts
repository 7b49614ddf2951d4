import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';

export default remoteRsbuildConfig(federation, 3001);
