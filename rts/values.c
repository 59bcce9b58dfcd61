/* values.c — STUB */
int wf_values_stub_(void);
int wf_values_stub_(void) { return 0; }
