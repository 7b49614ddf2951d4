import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';

export default remoteRsbuildConfig(federation, {
  devPort: 3003,
  // No heading in /admin's first frame: a user who is no superuser would see the console's until
  // the guard sends them away (docs/decisions/176).
  headings: {},
});
