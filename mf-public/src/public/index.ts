// Entry of public.html (/capacities/…): async boundary, then only mf-public's own code runs.
import('./bootstrap');
