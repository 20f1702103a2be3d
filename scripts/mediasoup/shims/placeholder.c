/* An empty translation unit: mediasoup lists each dependency's static library in link_whole. */
int ms_shim_placeholder(void);
