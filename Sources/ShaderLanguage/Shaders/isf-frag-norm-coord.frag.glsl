// isf_FragNormCoord of an ISF shader without a .vs of its own: the fragment's place, y up.
#define isf_FragNormCoord shaderbenchFragNormCoord()
