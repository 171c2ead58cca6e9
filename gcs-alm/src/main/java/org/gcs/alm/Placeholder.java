package org.gcs.alm; final class Placeholder {}
