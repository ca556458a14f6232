// What glslViewer defines for a shader: its version without dots, and the platform it runs on.
#define GLSLVIEWER 340
#define PLATFORM_LINUX
