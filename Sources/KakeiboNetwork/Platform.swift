// What differs by operating system in the sync target: where URLSession lives. On Linux it is in
// FoundationNetworking (swift-corelibs-foundation, over libcurl); on Apple's systems, in Foundation itself.
@_exported import FoundationNetworking
