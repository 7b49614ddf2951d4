// The host loads this remote through its federation entry; this entry only gives the build an
// asynchronous boundary so that shared singletons are negotiated before any module runs.
import('./lifecycles');
