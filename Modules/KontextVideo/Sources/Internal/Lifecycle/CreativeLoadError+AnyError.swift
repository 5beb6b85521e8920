import KontextVideoVAST
import KontextVideoCreatives

extension CreativeLoadError {
    /// What a failed load reports for `error`: the creative's own failure, else VAST's 900
    /// (undefined): a renderer or a preparation may throw anything, the load reports a VAST code.
    init(anyError error: any Error) {
        self = error as? CreativeLoadError ?? CreativeLoadError(code: VASTErrorCode.undefined)
    }
}
